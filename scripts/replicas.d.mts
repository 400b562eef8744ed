// Types of scripts/replicas.mjs, for services/scripts/bench-replicas.ts.
export declare const BALANCER_PORT: number;
export declare const REPLICA_PORTS: number[];
export declare const DEFAULT_DATABASE_URL: string;
export declare const PUBLIC_URL: string;
export declare function ensureDatabase(url: string): void;
export declare function nginxConfig(options: { dir: string; replicas: Array<{ port: number; inRotation: boolean }> }): string;
export declare class ReplicaSet {
  constructor(options?: { databaseUrl?: string; log?: (message: string) => void; env?: Record<string, string> });
  databaseUrl: string;
  replicas: Array<{ port: number; inRotation: boolean }>;
  log(message: string): void;
  url(port?: number): string;
  prepare(): void;
  start(): Promise<void>;
  startReplica(index: number): Promise<void>;
  stopReplica(index: number, signal?: NodeJS.Signals): Promise<void>;
  setInRotation(index: number, inRotation: boolean): Promise<void>;
  rollingRestart(): Promise<void>;
  stop(): Promise<void>;
}
