import { describe, expect, it } from 'vitest';
import { homeFor, isReachable, isUnder, sessionStateOf } from '../../src/core/session/route-sets';

describe('route sets by sign-in state', () => {
  it('sends each state home to the first route of its set', () => {
    expect(homeFor('active')).toBe('/flow');
    expect(homeFor('unverified')).toBe('/confirm-email');
    expect(homeFor('signedOut')).toBe('/login');
  });

  it('lets active users reach the dashboard sections and their children only', () => {
    for (const path of [
      '/flow',
      '/bots',
      '/theme',
      '/nlp',
      '/nlp/files',
      '/nlp/anything',
      '/notifications',
      '/results/12',
    ]) {
      expect(isReachable('active', path)).toBe(true);
    }
    for (const path of ['/', '/login', '/signup', '/confirm-email', '/settings', '/botsx', '/flowchart']) {
      expect(isReachable('active', path)).toBe(false);
    }
  });

  it('gives unverified or deleted users /confirm-email only', () => {
    expect(isReachable('unverified', '/confirm-email')).toBe(true);
    expect(isReachable('unverified', '/bots')).toBe(false);
    expect(isReachable('unverified', '/login')).toBe(false);
  });

  it('gives signed-out visitors the four sign-in routes', () => {
    for (const path of ['/login', '/signup', '/forget-password', '/confirm-email', '/login/']) {
      expect(isReachable('signedOut', path)).toBe(true);
    }
    expect(isReachable('signedOut', '/flow')).toBe(false);
    expect(isReachable('signedOut', '/')).toBe(false);
  });

  it('keeps the reset-password page and the chat open in every state', () => {
    for (const state of ['active', 'unverified', 'signedOut'] as const) {
      expect(isReachable(state, '/reset-password/12/abc')).toBe(true);
      expect(isReachable(state, '/chat')).toBe(true);
    }
  });

  it('matches a route as a whole path segment', () => {
    expect(isUnder('/nlp/files', '/nlp')).toBe(true);
    expect(isUnder('/nlpx', '/nlp')).toBe(false);
  });

  it('reads the state from user info: verified (1) and not deleted (0) is active', () => {
    expect(sessionStateOf(null)).toBe('signedOut');
    expect(sessionStateOf({ is_email_verified: 1, is_deleted: 0 })).toBe('active');
    expect(sessionStateOf({ is_email_verified: 0, is_deleted: 0 })).toBe('unverified');
    expect(sessionStateOf({ is_email_verified: 1, is_deleted: 1 })).toBe('unverified');
  });
});
