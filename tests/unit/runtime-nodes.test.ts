import { describe, expect, it } from 'vitest';
import { CALL_ENDED, REALTIME_AI_ENDED, UNKNOWN_LOCATION } from '../../server/runtime/replies.js';
import { newSession } from '../../server/runtime/session.js';
import { contents, conversation, fakePorts, flowOf, link, node, text } from './runtime-support.js';

const after = () => node('basic', 'after', { entries: [text('after')] });

describe('realtime-ai and call nodes', () => {
  it('realtime-ai emits its prompt and goes on only at REALTIME_AI_ENDED', async () => {
    const live = link(
      node('realtime-ai', 'live', { prompt: { en: 'Talk about ${{topic}}' }, waitForUserInteraction: true }),
      'after',
    );
    const session = newSession('main', 'en');
    session.variables.topic = 'trains';
    const chat = conversation(flowOf([live, after()]), fakePorts(), session);
    expect(await chat.send('hi')).toMatchObject([
      {
        type: 'realtime-ai',
        prompt: 'Talk about trains',
        waitForUserInteraction: true,
        hideAIResponse: false,
      },
    ]);
    expect(await chat.send('hello?')).toEqual([]);
    expect(contents(await chat.send(REALTIME_AI_ENDED))).toEqual(['after']);
  });

  it('call emits the waiting message, provider and call info, and goes on at CALL_ENDED', async () => {
    const call = link(
      node('call', 'call', {
        message: { en: 'Connecting you…' },
        providerId: 'botflow-default',
        callerName: 'Guest',
        subject: { en: 'Order help' },
        description: { en: 'About an order' },
      }),
      'after',
    );
    const chat = conversation(flowOf([call, after()]), fakePorts());
    expect(await chat.send('hi')).toMatchObject([
      {
        type: 'call',
        content: 'Connecting you…',
        provider: { id: 'botflow-default', endpoint: 'https://calls.example.com' },
        callInfo: { callerName: 'Guest', subject: 'Order help', description: 'About an order' },
      },
    ]);
    expect(await chat.send('anyone?')).toEqual([]);
    expect(contents(await chat.send(CALL_ENDED))).toEqual(['after']);
  });
});

describe('language-changer node', () => {
  it('switches the language for what follows, remembering it only when asked', async () => {
    const greet = node('basic', 'greet', { entries: [text({ en: 'Hello', fr: 'Bonjour', es: 'Hola' })] });
    const toFrench = link(node('language-changer', 'fr', { language: 3 }), 'greet');
    const chat = conversation(flowOf([toFrench, greet]), fakePorts());
    const [reply] = await chat.send('hi');
    expect(reply).toMatchObject({ content: 'Bonjour', languageCode: 'fr' });
    expect(chat.session).toMatchObject({ language: 'fr', preferredLanguage: null });

    const toSpanish = link(
      node('language-changer', 'es', { language: 5, rememberPreference: true }),
      'greet',
    );
    const remembered = conversation(flowOf([toSpanish, greet]), fakePorts());
    expect(contents(await remembered.send('hi'))).toEqual(['Hola']);
    expect(remembered.session).toMatchObject({ language: 'es', preferredLanguage: 'es' });
  });
});

describe('device-permission node', () => {
  function geoFlow() {
    const ask = node('device-permission', 'geo', { latName: 'lat', longName: 'lng' });
    ask.next = [
      { id: 0, node: 'found' },
      { id: 1, node: 'unknown', onFailure: true },
    ];
    return flowOf([
      ask,
      node('basic', 'found', { entries: [text('You are at ${{lat}}, ${{lng}}')] }),
      node('basic', 'unknown', { entries: [text('No location (${{lat}})')] }),
    ]);
  }

  it('asks for geolocation; a position fills the variables and follows success', async () => {
    const chat = conversation(geoFlow(), fakePorts());
    expect(await chat.send('hi')).toMatchObject([{ type: 'device-permission', request: 'geolocation' }]);
    expect(contents(await chat.send('48.8566,2.3522'))).toEqual(['You are at 48.8566, 2.3522']);
  });

  it('unknown,unknown unsets the variables and follows failure', async () => {
    const session = newSession('main', 'en');
    Object.assign(session.variables, { lat: 1, lng: 2 });
    const chat = conversation(geoFlow(), fakePorts(), session);
    await chat.send('hi');
    expect(contents(await chat.send(UNKNOWN_LOCATION))).toEqual(['No location ()']);
    expect(chat.session.variables).not.toHaveProperty('lat');
    expect(chat.session.variables).not.toHaveProperty('lng');
  });
});

describe('notification and dynamic nodes', () => {
  it('subscribes the guest with the push type, template, start and frequency, and goes on', async () => {
    const notify = link(
      node('notification', 'notify', {
        template: { en: 'Weather for ${{city}}' },
        startAt: '07:30',
        frequency: 12,
      }),
      'after',
    );
    const fakes = fakePorts();
    expect(contents(await conversation(flowOf([notify, after()]), fakes).send('hi'))).toEqual(['after']);
    expect(fakes.subscriptions).toEqual([
      {
        pushMessageType: 'WEATHER',
        template: { en: 'Weather for ${{city}}' },
        startAt: '07:30',
        frequency: 12,
        language: 'en',
      },
    ]);
  });

  it('passes through a dynamic node along its branches', async () => {
    const dynamic = link(node('dynamic', 'dyn'), 'after');
    expect(contents(await conversation(flowOf([dynamic, after()]), fakePorts()).send('hi'))).toEqual([
      'after',
    ]);
  });
});
