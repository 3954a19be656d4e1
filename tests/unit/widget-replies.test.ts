import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Reply } from '../../server/runtime/replies';
import * as server from '../../server/runtime/replies';
import * as widget from '../../src/core/widget/replies';
import type { ChatReply } from '../../src/core/widget/replies';
import { isShownReply } from '../../src/core/widget/conversation';

// The chat restates the runtime's reply contract (it cannot import server code): both must agree.
describe('reply contract', () => {
  it('has the same reply shapes as the runtime', () => {
    expectTypeOf<Reply>().toEqualTypeOf<ChatReply>();
  });

  it('has the same answer words and the same replies kept out of the conversation', () => {
    expect(widget.CALL_ENDED).toBe(server.CALL_ENDED);
    expect(widget.REALTIME_AI_ENDED).toBe(server.REALTIME_AI_ENDED);
    expect(widget.UNKNOWN_LOCATION).toBe(server.UNKNOWN_LOCATION);
    const samples: Reply[] = [
      { type: 'text', content: 'x' },
      { type: 'delay', content: '', seconds: 1 },
      { type: 'input', content: '', input: 'file' },
      { type: 'device-permission', content: '', request: 'geolocation' },
      { type: 'realtime-ai', content: '', prompt: '', waitForUserInteraction: true, hideAIResponse: false },
      { type: 'api', content: '{}', status: 200 },
    ];
    for (const reply of samples) expect(isShownReply(reply)).toBe(server.isKeptInConversation(reply));
  });
});
