import type { FastifyPluginAsync } from 'fastify';

const bots: FastifyPluginAsync = async () => {};

export default bots;
