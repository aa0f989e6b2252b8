/** The platform admin the e2e server was started with (see playwright.config.ts). */
export const admin = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'e2e.admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};
