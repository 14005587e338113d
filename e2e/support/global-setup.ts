import type { TestProject } from 'vitest/node';
import { seedDemoTemplate, type DemoTemplate } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    demoTemplate: DemoTemplate;
  }
}

/** Seeds the demo once for the run's journeys (see seedDemoTemplate), and removes it when they are done. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await seedDemoTemplate();
  project.provide('demoTemplate', template);
  return remove;
}
