import { expect, type Page } from "@playwright/test";
import { expectAccessible, snap } from "./helpers";

/** The phone widths the studio must fit without sideways scrolling (issue 15, point 8). */
export const PHONE_WIDTHS = [360, 390, 414];

/**
 * Asserts the page does not scroll sideways at each phone width (scrollWidth <= innerWidth)
 * and no navigation cuts off its current item, then checks axe and saves a screenshot at 390 px. Leaves the page at 390 px.
 */
export async function fitsPhones(page: Page, name: string) {
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    // Let layout settle after the resize (images with aspect ratios, wrapping tab rows).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const sizes = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // The elements that stick out, to name in the failure.
      wide: [...document.body.querySelectorAll("*")]
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 5)
        .map(
          (element) =>
            `${element.tagName.toLowerCase()}.${String(element.className).split(" ").slice(0, 4).join(".")} (right ${Math.round(element.getBoundingClientRect().right)})`,
        ),
    }));
    expect(sizes.scrollWidth, `${name} scrolls sideways at ${width} px: ${sizes.wide.join(", ")}`).toBeLessThanOrEqual(sizes.innerWidth);
    // A row that scrolls sideways on its own never widens the page, yet can hide the current tab ("Conne…" at 390 px).
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('nav [aria-current="page"]')]
        .filter((element) => element.getClientRects().length > 0)
        .filter((element) => {
          let right = window.innerWidth;
          for (let around = element.parentElement; around; around = around.parentElement) {
            if (getComputedStyle(around).overflowX !== "visible") right = Math.min(right, around.getBoundingClientRect().right);
          }
          return element.getBoundingClientRect().right > right + 0.5;
        })
        .map((element) => element.textContent),
    );
    expect(cut, `${name} at ${width} px cuts the current tab`).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${name} (390 px)`);
  await snap(page, `phone-${name}`);
}

/** Back to the desktop size the other checks use. */
export function desktop(page: Page) {
  return page.setViewportSize({ width: 1280, height: 900 });
}
