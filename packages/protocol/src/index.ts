export * from './error-codes.ts';
export * from './constants.ts';
export * from './validation.ts';
export * from './envelope.ts';
export * from './user.ts';
export * from './chat-api.ts';
