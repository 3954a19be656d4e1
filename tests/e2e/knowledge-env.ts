// The knowledge fakes of the end-to-end run (issue 17): a small web site and a YouTube, on ports
// that follow E2E_PORT. The site is reached as tea.localhost (a name under .localhost is loopback,
// RFC 6761), so its links have the domain the Add link rule asks for.
import { E2E_PORT } from './env';

export const FAKE_SITE_PORT = E2E_PORT + 2000;
export const FAKE_YOUTUBE_PORT = E2E_PORT + 2001;
export const FAKE_SITE = `http://tea.localhost:${FAKE_SITE_PORT}`;
export const YOUTUBE_BASE_URL = `http://127.0.0.1:${FAKE_YOUTUBE_PORT}`;
