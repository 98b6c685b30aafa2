/** The seed data of svc-hr: demo tenants for a first run, synthetic tenants for benchmarks. */
export { acmeDepartments, demoPeople, demoTenants, type DemoPerson, type DemoPersonKey } from './demoPeople';
export { isDatabaseEmpty } from './isDatabaseEmpty';
export { seedDemo, type DemoSeedResult } from './seedDemo';
export { seedSyntheticTenant, type SyntheticTenantOptions, type SyntheticTenantResult } from './seedSyntheticTenant';
