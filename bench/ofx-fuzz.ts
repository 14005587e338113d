// The OFX parser against 100,000 generated statements, each written in a random bank's style and then mutated
// (flipped bytes, truncation, deleted and repeated slices, stray tags): a crash is anything thrown but a
// StatementFileError, a message that is not Portuguese, or a broken result. Run: npx tsx bench/ofx-fuzz.ts [count]
import { runOfxFuzz } from '../packages/core/src/banking/ofx-arbitraries';

const count = Number(process.argv[2] ?? 100_000);
const result = runOfxFuzz(count);
if (result.firstCrash !== null) console.log(`first crash: ${result.firstCrash}`);
console.log(`RESULT ofx-fuzz inputs=${result.inputs} crashes=${result.crashes} max_ms=${result.maxMs.toFixed(1)}`);
process.exitCode = result.crashes === 0 ? 0 : 1;
