import type { FastifyPluginAsync } from 'fastify';

const auth: FastifyPluginAsync = async () => {};

export default auth;
