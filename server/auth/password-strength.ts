/**
 * The password rule: at least 8 characters and not guessable, as judged by zxcvbn-ts
 * (common-password lists, dictionaries, keyboard patterns, dates, l33t) with the
 * person's own name and email counted as guessable words. Score 3 of 4 ("safely
 * unguessable: moderate protection from offline attacks") is the minimum.
 */
import "server-only";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { AppError } from "@/server/errors";

export const MIN_PASSWORD_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;

function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

export async function assertStrongPassword(password: string, personal: string[] = []): Promise<void> {
  const words = personal.flatMap((value) => value.toLowerCase().split(/[^a-z0-9]+/)).filter((word) => word.length >= 3);
  const result = await strength().check(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(" ");
  throw new AppError("invalid_request", `This password is too easy to guess. ${advice || "Use a few uncommon words."}`.trim(), {
    details: { field: "password", score: result.score },
  });
}
