import type { Page } from '@playwright/test';
import { signIn } from './auth.ts';

/**
 * Signs the operator in on the live alert list at 1920 × 1080, the pointer outside the list:
 * inside it, the list holds still for the operator (AH1).
 */
export async function openAlertList(page: Page) {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await signIn(page, 'operator', '/alerts');
  await page.mouse.move(5, 1070);
}
