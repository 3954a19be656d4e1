import type { FastifyPluginAsync } from 'fastify';
import carouselRoutes from './carousel-routes.js';
import cloneRoute from './clone-route.js';
import fileRoutes from './file-routes.js';
import imageRoutes from './image-routes.js';
import listRoute from './list-route.js';
import textRoutes from './text-routes.js';

/** The content of basic nodes (spec 2 §7): texts, videos, images, carousels, file variables. */
const content: FastifyPluginAsync = async (app) => {
  await app.register(listRoute);
  await app.register(textRoutes);
  await app.register(imageRoutes);
  await app.register(carouselRoutes);
  await app.register(fileRoutes);
  await app.register(cloneRoute);
};

export default content;
