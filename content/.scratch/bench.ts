import { renderPhoto } from '../src/demo/images.ts';
import { writeFileSync } from 'node:fs';
const sizes = [[1600,1067],[1200,800],[800,1200],[1000,1000],[400,500],[1920,700]] as const;
const t0 = performance.now();
let total = 0; let max = 0;
const kinds = ['scene','portrait','tile'] as const;
for (const [i,[w,h]] of sizes.entries()) {
  for (const kind of kinds) {
    const t = performance.now();
    const b = await renderPhoto({ width: w, height: h, title: 'Annual Sports Day 2024', subtitle: 'Photo 3 of 12', seed: `s${i}${kind}`, takenAt: '2024:12:07 10:15:00', description: 'x', kind });
    total += b.length; max = Math.max(max, b.length);
    console.log(w,h,kind,b.length, Math.round(performance.now()-t));
    writeFileSync(`/tmp/exif/${w}x${h}-${kind}.jpg`, b);
  }
}
console.log('total', performance.now()-t0, 'max', max);
