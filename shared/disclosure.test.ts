import { describe, expect, it } from "vitest";
import { disclosureFor, isGenerativeProvider, providerNotice, strongestDisclosure } from "./disclosure";
import { EDIT_OPERATIONS } from "./vocabulary";

describe("disclosureFor", () => {
  it("calls only generative staging 'Virtually staged'; the local provider's staging-type outputs are style previews", () => {
    for (const operation of ["staging", "redecorate"] as const) {
      expect(disclosureFor(operation, "replicate")).toMatchObject({ label: "Virtually staged", preview: false });
      expect(disclosureFor(operation, "local")).toMatchObject({ label: "Style preview", preview: true });
    }
    expect(disclosureFor("render", "local")).toMatchObject({ label: "Style preview", preview: true });
    expect(disclosureFor("inpaint_replace", "local")).toMatchObject({ label: "Style preview", preview: true });
    expect(disclosureFor("inpaint_replace", "replicate")).toMatchObject({ label: "Digitally altered: items replaced", preview: false });
  });

  it("names removals and recolouring as digitally altered with what was done, whichever provider", () => {
    for (const provider of ["local", "replicate"]) {
      expect(disclosureFor("declutter", provider).label).toBe("Digitally altered: items removed");
      expect(disclosureFor("inpaint_remove", provider).label).toBe("Digitally altered: items removed");
      expect(disclosureFor("color_change", provider).label).toBe("Digitally altered: walls recolored");
    }
  });

  it("never says 'Virtually staged' without a known generative provider", () => {
    for (const operation of EDIT_OPERATIONS) {
      for (const provider of ["local", null, undefined, ""]) expect(disclosureFor(operation, provider).label).not.toBe("Virtually staged");
    }
    expect(isGenerativeProvider("kling")).toBe(true);
    expect(isGenerativeProvider(null)).toBe(false);
  });

  it("keeps the inpaint's label on its upscale", () => {
    expect(strongestDisclosure(disclosureFor("inpaint_remove", "local"), disclosureFor("upscale", "local")).label).toBe(
      "Digitally altered: items removed",
    );
    expect(strongestDisclosure(disclosureFor("video", "local")).label).toBeNull();
  });

  it("tells a local deployment how to connect a hosted model", () => {
    expect(providerNotice("local").detail).toMatch(/connect one/);
    expect(providerNotice("local").detail).not.toMatch(/[A-Z]{2,}_[A-Z_]+|README/);
    expect(providerNotice("replicate").detail).toBeNull();
  });
});
