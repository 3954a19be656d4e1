import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { botOf, customer, type Customer } from './flow-support.js';

describe('notifications: GET, POST, PUT, DELETE /api/notification', () => {
  let t: TestApp;
  let owner: Customer;
  let stranger: Customer;
  let botId: number;
  let templateId: number;
  let strangerBot: number;
  let strangerTemplate: number;

  const call = (who: Customer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url = '', payload?: object) =>
    t.app.inject({ method, url: `/api/notification${url}`, headers: who.headers, payload });

  const addTemplate = async (who: Customer, bot: number, name: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/flow_template?bot_id=${bot}`,
        headers: who.headers,
        payload: { flow_name: name },
      })
    ).json().flow_template.id as number;

  const weekly = (extra: object = {}) => ({
    name: 'Weekly tip',
    description: 'A tip every week',
    enabled: true,
    start_at: '2030-01-06T09:00:00+01:00',
    end_at: null,
    repeat_minutes: 10080,
    repeat_limit: null,
    timezone: 'Europe/Paris',
    flow_template_id: templateId,
    bot_id: null,
    interacted_bots: [botId],
    no_end_date: true,
    no_repeat_limit: true,
    template_only: true,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    owner = await customer(t);
    stranger = await customer(t);
    botId = await botOf(t, owner);
    templateId = await addTemplate(owner, botId, 'tips');
    strangerBot = await botOf(t, stranger);
    strangerTemplate = await addTemplate(stranger, strangerBot, 'theirs');
  });
  afterAll(() => t.close());

  it('lists time zones, the customer’s bots and templates, and no notification at first', async () => {
    const res = await call(owner, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.timezones).toContain('America/New_York');
    expect(body.bots).toEqual([{ id: botId, name: expect.any(String) }]);
    expect(body.templates).toEqual([
      { id: templateId, name: 'tips', bot_id: botId, bot_name: expect.any(String) },
    ]);
    expect(body.notifications).toEqual([]);
  });

  it('creates, reads back, updates and deletes a notification', async () => {
    const created = await call(owner, 'POST', '', weekly());
    expect(created.statusCode, created.body).toBe(200);
    const n = created.json().notification;
    expect(n).toMatchObject({
      id: expect.any(Number),
      name: 'Weekly tip',
      enabled: true,
      end_at: null,
      repeat_limit: null,
      flow_template_id: templateId,
      bot_id: null,
      interacted_bots: [botId],
    });
    expect(n.log).toMatchObject({
      next_occurrence: '2030-01-06T08:00:00.000Z',
      last_occurrence: null,
      sent: 0,
    });

    const listed = (await call(owner, 'GET')).json().notifications;
    expect(listed.map((x: { id: number }) => x.id)).toEqual([n.id]);
    expect((await call(stranger, 'GET')).json().notifications).toEqual([]);

    const updated = await call(owner, 'PUT', '', {
      ...weekly(),
      id: n.id,
      name: 'Daily tip',
      template_only: false,
      bot_id: botId,
      no_end_date: false,
      end_at: null,
      no_repeat_limit: false,
      repeat_limit: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    // Limited end left empty: 30 days after the start; limited repeat left empty: 1; the scope keeps its own target.
    expect(updated.json().notification).toMatchObject({
      name: 'Daily tip',
      bot_id: botId,
      flow_template_id: null,
      end_at: '2030-02-05T08:00:00.000Z',
      repeat_limit: 1,
      template_only: false,
    });

    const removed = await call(owner, 'DELETE', `/${n.id}`);
    expect(removed.json()).toEqual({ success: true, message: 'Notification deleted' });
    expect((await call(owner, 'GET')).json().notifications).toEqual([]);
    expect((await call(owner, 'DELETE', `/${n.id}`)).statusCode).toBe(404);
  });

  it('refuses what spec 3 §5 refuses, with a message and the field', async () => {
    const cases: [object, string][] = [
      [{ name: ' ' }, 'name'],
      [{ start_at: '' }, 'start_at'],
      [{ start_at: '2030-01-06 09:00' }, 'start_at'],
      [{ repeat_minutes: 0 }, 'repeat_minutes'],
      [{ repeat_minutes: 2.5 }, 'repeat_minutes'],
      [{ repeat_minutes: null }, 'repeat_minutes'],
      [{ timezone: '' }, 'timezone'],
      [{ timezone: 'Europe/Atlantis' }, 'timezone'],
      [{ no_repeat_limit: false, repeat_limit: 0 }, 'repeat_limit'],
      [{ flow_template_id: null }, 'flow_template_id'],
      [{ template_only: false, bot_id: null }, 'bot_id'],
      [{ no_end_date: false, end_at: '2029-01-01T00:00:00Z' }, 'end_at'],
    ];
    for (const [change, key] of cases) {
      const res = await call(owner, 'POST', '', weekly(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({
        success: false,
        key,
        message: expect.any(String),
      });
    }
    const missing = await call(owner, 'POST', '', { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect((await call(owner, 'GET')).json().notifications).toEqual([]);
  });

  it('answers 404 for another customer’s notification, bot or template, and changes nothing', async () => {
    const theirs = (
      await call(stranger, 'POST', '', weekly({ flow_template_id: strangerTemplate, interacted_bots: [] }))
    ).json().notification;
    expect((await call(owner, 'POST', '', weekly({ flow_template_id: strangerTemplate }))).statusCode).toBe(
      404,
    );
    expect(
      (await call(owner, 'POST', '', weekly({ template_only: false, bot_id: strangerBot }))).statusCode,
    ).toBe(404);
    expect(
      (await call(owner, 'POST', '', weekly({ interacted_bots: [botId, strangerBot] }))).statusCode,
    ).toBe(404);
    const put = await call(owner, 'PUT', '', { ...weekly(), id: theirs.id, name: 'Taken over' });
    expect(put.statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/${theirs.id}`)).statusCode).toBe(404);
    const still = (await call(stranger, 'GET')).json().notifications;
    expect(still).toMatchObject([{ id: theirs.id, name: 'Weekly tip' }]);
    expect((await call(owner, 'GET')).json().notifications).toEqual([]);
    expect((await call(owner, 'PUT', '', weekly())).statusCode).toBe(400);
  });

  it('needs a signed-in customer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/notification' });
    expect(res.statusCode).toBe(401);
  });
});
