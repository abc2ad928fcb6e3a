import { test as setup } from '@playwright/test';
import { ROLES } from '../../src/shared/roles';
import { authFile, signInAs } from './support';

/**
 * The setup project (playwright.config.ts): each demo role signs in through the form once per run and its
 * storage state is saved for the specs (`useSession`, or `storageState: authFile(role)` for a new context).
 */
for (const role of ROLES) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signInAs(page, role);
    await page.context().storageState({ path: authFile(role) });
  });
}
