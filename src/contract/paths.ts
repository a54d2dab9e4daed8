/** The PV configs batch (SPEC §7), on its own: the engine worker needs no other path here. */
export const PV_CONFIGS_PATH = '/api/Pv/configs';

/** REST paths of SPEC §7 and DESIGN.md, one place for client and server. */
export const API = {
  account: {
    csrf: '/api/Account/csrf',
    login: '/api/Account/login',
    verify: '/api/Account/verify',
  },
  /** The logout address; takes ?returnUrl=. */
  logout: '/Account/Logout',
  user: {
    info: '/api/UserManagement/info',
    rights: '/api/UserManagement/rights',
    renewLease: '/api/UserManagement/renew-lease',
    changePassword: '/api/UserManagement/change-password',
  },
  system: {
    priorities: '/api/SystemConfig/priorities',
    settings: '/api/SystemConfig/system-settings',
    licenseOptions: '/api/SystemConfig/license-options',
    passwordPolicy: '/api/SystemConfig/password-policy',
  },
  pv: {
    all: '/api/Pv/all',
    nodes: '/api/Pv/getallpvnodes',
    configs: PV_CONFIGS_PATH,
    set: '/api/Pv',
  },
  station: {
    all: '/api/station/GetAllStations',
    call: '/api/station/call',
    ackPriorityOutputOptions: '/api/station/AckPriorityOutputOptions',
  },
  metrics: '/metrics',
} as const;

/** The header carrying the CSRF token on every state-changing call. */
export const CSRF_HEADER = 'X-CSRF-Token';
