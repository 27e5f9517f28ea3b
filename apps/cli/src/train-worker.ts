/** A worker thread of `arena train`: runs the pipeline's jobs it is sent and posts the results back. */
import { parentPort } from "node:worker_threads";
import { type TrainJob, createTrainThread, runTrainJob } from "@arena/lab/othello/training/pipeline";

const thread = createTrainThread();

parentPort?.on("message", (message: { readonly id: number; readonly job: TrainJob }) => {
  parentPort?.postMessage({ id: message.id, result: runTrainJob(message.job, thread) });
});
