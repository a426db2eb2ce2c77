/**
 * The remote-like provider of figures 7 and 9: the Replicate contract double
 * (test/doubles/replicate.ts) in a process of its own, so serving it takes nothing from
 * the measured server's event loop, with every prediction taking a fixed wall-clock time
 * and producing a real image of the model's size made from its input photo.
 *
 * Usage: node --import tsx bench/children/replicate-double.ts <port> <token> <predictionMs>
 */
import { startReplicateDouble } from "@/test/doubles/replicate";

const [port, token, predictionMs] = process.argv.slice(2);
await startReplicateDouble({ port: Number(port), token, predictionMs: Number(predictionMs) });
