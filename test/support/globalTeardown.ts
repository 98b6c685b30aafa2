export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __svcHrTeardown?: () => Promise<void> }).__svcHrTeardown?.();
}
