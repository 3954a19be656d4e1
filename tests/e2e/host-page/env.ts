// The host page server (a site of a bot owner, on another origin than the product): its port
// follows E2E_PORT so parallel runs do not collide. The page is reached two ways: through
// localhost (the registered origin) and through 127.0.0.1 (the same page on an unregistered one).
import { E2E_PORT } from '../env';

export const HOST_PAGE_PORT = Number(process.env.HOST_PAGE_PORT ?? E2E_PORT + 1000);
export const REGISTERED_SITE = `http://localhost:${HOST_PAGE_PORT}`;
export const UNREGISTERED_SITE = `http://127.0.0.1:${HOST_PAGE_PORT}`;
export const PRODUCT = `http://127.0.0.1:${E2E_PORT}`;
/** The e2e server's LLM_BASE_URL: the host page server's stand-in for an OpenAI-compatible endpoint. */
export const LLM_BASE_URL = `http://127.0.0.1:${HOST_PAGE_PORT}/llm/v1`;
export const LLM_API_KEY = 'e2e-llm-key';
/** The e2e server's built-in call provider: the fake provider behind the host page server. */
export const CALL_PROVIDER_ENDPOINT = `http://127.0.0.1:${HOST_PAGE_PORT}/provider`;
export const CALL_PROVIDER_TOKEN = 'e2e-call-token';
