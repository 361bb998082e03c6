import type { Alert, HealthStatusSettings, MaintenanceWindow } from '@rmm/domain';

let nextId = 500;

/** An active alert with overrides; every call gets an id of its own. */
export const createAlert = (overrides: Partial<Alert> = {}): Alert => {
  const id = nextId++;
  return {
    id,
    deviceId: 7,
    deviceName: 'web-01',
    organizationId: 1,
    organizationName: 'Contoso',
    conditionId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    conditionName: 'CPU high',
    conditionType: 'CPU',
    instance: '',
    policyId: 3,
    severity: 'MAJOR',
    priority: 'HIGH',
    status: 'ACTIVE',
    message: 'CPU at 97% for 5 minutes',
    value: 97,
    triggerTime: new Date(Date.now() - 5 * 60_000).toISOString(),
    updateTime: new Date().toISOString(),
    acknowledgeTime: null,
    acknowledgedBy: null,
    resetTime: null,
    resetReason: null,
    resetBy: null,
    flapping: false,
    ...overrides,
  };
};

/** A page of GET /alerts. */
export const alertPage = (alerts: Alert[], count = alerts.length) => ({
  data: alerts,
  count,
  page: 1,
  pageSize: 50,
});

export const createMaintenanceWindow = (overrides: Partial<MaintenanceWindow> = {}): MaintenanceWindow => {
  const id = nextId++;
  return {
    id,
    name: `Window ${id}`,
    organizationId: 1,
    organizationName: 'Contoso',
    deviceIds: [],
    startTime: new Date(Date.now() - 60 * 60_000).toISOString(),
    endTime: new Date(Date.now() + 60 * 60_000).toISOString(),
    createdBy: 'tech@example.com',
    createTime: new Date().toISOString(),
    ...overrides,
  };
};

export const maintenancePage = (windows: MaintenanceWindow[]) => ({
  data: windows,
  count: windows.length,
  page: 1,
  pageSize: 50,
});

export const healthSettings = (overrides: Partial<HealthStatusSettings> = {}): HealthStatusSettings => ({
  severities: {
    NONE: 'HEALTHY',
    MINOR: 'NEEDS_ATTENTION',
    MODERATE: 'NEEDS_ATTENTION',
    MAJOR: 'UNHEALTHY',
    CRITICAL: 'UNHEALTHY',
  },
  offlineIsUnhealthy: true,
  ...overrides,
});
