import { setFlagsFromString } from 'node:v8';

/**
 * Frames V8 keeps in each stack it records. The Temporal UI's Call Stack shows where a run waits from
 * the stacks the SDK records inside the workflow sandbox when a promise is made; with V8's default of
 * 10 frames the interceptors around every call (tracing, then the SDK's own) fill them all before the
 * workflow's code, so the tab showed only OpenTelemetry frames.
 */
const WORKFLOW_STACK_FRAMES = 40;

/**
 * Raises the limit for every V8 context made from now on: the sandbox reads it when it is created (its
 * `Error` is its own, and frozen once the bundle is loaded), so a Worker's are covered when this runs
 * before `Worker.create`. Process-wide, so the rest of the process's stacks get the same depth.
 */
export function keepWorkflowStacks(): void {
  setFlagsFromString(`--stack-trace-limit=${WORKFLOW_STACK_FRAMES}`);
}
