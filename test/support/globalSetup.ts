import type { TestProject } from 'vitest/node';
import { createMigratedDatabase, openTestServer } from './testDatabase.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    serverUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await openTestServer();
  const db = await createMigratedDatabase(server.serverUrl);
  project.provide('databaseUrl', db.url);
  project.provide('serverUrl', server.serverUrl);
  return async () => {
    await db.drop();
    await server.stop();
  };
}
