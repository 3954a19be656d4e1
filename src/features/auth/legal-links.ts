/** The external legal pages the signup consent line links to (opened in a new tab). */
export const TERMS_OF_USE_URL = 'https://botflow.app/legal/terms-of-use';
export const PRIVACY_POLICY_URL = 'https://botflow.app/legal/privacy-policy';
