// The refusals the content calls share.
export const CONTENT_NOT_FOUND = 'Content not found';
export const contentTaken = (id: string) => `Content ${id} already exists`;
export const notOfKind = (id: string, kind: string) => `Content ${id} is not ${kind}`;
