import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that start real Warden processes (crash, replicas, restarts, outages, operator
 * commands) are the suite's longest by nature (20–45 s each). Four run at a time: started last,
 * one of them decides when the run ends while the other workers sit idle. They go first, in
 * vitest's own order among themselves (its cached durations, else file size), then the rest.
 */
const PROCESS_FILES = /\/(crash|durability|replicas|store-outage-processes|process|cli)[\w-]*\.test\.ts$/;

export default class ProcessFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => (PROCESS_FILES.test(f.moduleId) ? 0 : 1);
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
