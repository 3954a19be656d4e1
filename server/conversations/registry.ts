// One ChatService per server (its flow cache and guest queue must be shared by every route and
// channel that chats), found from any encapsulated plugin through the app's database handle.
import type { FastifyInstance } from 'fastify';
import { ChatService } from './chat-service.js';

const services = new WeakMap<object, ChatService>();

export function chatServiceOf(app: FastifyInstance): ChatService {
  let service = services.get(app.db);
  if (!service) {
    service = new ChatService(app.db, app.config);
    services.set(app.db, service);
  }
  return service;
}
