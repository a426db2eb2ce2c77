/**
 * The browser's id of one user action (a UUID made when the person acts): creates and
 * generations that carry it happen once however often the request arrives.
 */
import "server-only";
import { z } from "zod";

export const RequestIdSchema = z.uuid().optional();
