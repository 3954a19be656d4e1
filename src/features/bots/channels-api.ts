// The Advanced tab's channel calls (issue 16 item 6), typed by the contract in
// src/core/api/channels.ts.
import { defineCall } from '../../api/define-call';
import { channelsAnswer, testMessageBody } from '../../core/api/channels';
import { doneAnswer } from '../../core/api/common';
import { botPath } from '../../core/api/bots';

export const channelCalls = {
  status: defineCall('GET', '/api/bot/:id/channels', { params: botPath, response: channelsAnswer }),
  test: defineCall('POST', '/api/bot/:id/channels/test', {
    params: botPath,
    request: testMessageBody,
    response: doneAnswer,
    encoding: 'json',
  }),
};
