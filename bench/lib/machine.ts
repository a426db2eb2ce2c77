/** The machine a run was measured on, for RESULTS.md: results only compare within one run. */
import os from "node:os";

export interface Machine {
  cpu: string;
  cores: number;
  memory: string;
  node: string;
  os: string;
  load: string;
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / "),
  };
}

export function machineLines(machine: Machine): string[] {
  return [
    `CPU: ${machine.cpu}, ${machine.cores} cores`,
    `Memory: ${machine.memory}`,
    `Node: ${machine.node}`,
    `OS: ${machine.os}`,
    `Load average at start (1 / 5 / 15 min): ${machine.load}`,
  ];
}
