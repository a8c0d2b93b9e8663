import http from 'node:http';
import sharp from 'sharp';

// A source that misbehaves in every way the importer must survive: malformed answers, 500s, a
// slow answer, a 503 with Retry-After, a 404 photo, an oversized photo, a file that is no photo,
// and a paged list. It counts the requests it is answering at once.

export const STUB = 'STUB';

export interface Stub {
  base: string;
  /** The most requests it was answering at the same time. */
  peak: number;
  /** Requests seen, by path. */
  seen: Map<string, number>;
  close(): Promise<void>;
}

/** A phone photo with a location: the import must drop it as an upload does. */
export const goodJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Fictional' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '26/1 50/1 0/1' } })
    .toBuffer();

const json = (res: http.ServerResponse, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};
const news = (id: string, attachments: string[]) => ({
  _id: id,
  date: '2025-07-01',
  fromDate: null,
  title: `News ${id}`,
  description: 'Text',
  attachments,
});

export async function startStub(o: { slowMs: number; bigBytes: number }): Promise<Stub> {
  const jpeg = await goodJpeg();
  const seen = new Map<string, number>();
  let running = 0;
  const stub = { base: '', peak: 0, seen, close: async () => {} } as Stub;
  const album = {
    _id: 'album1',
    title: 'Sports day',
    description: 'Races',
    category: 'PhotoGallery',
    date: '2025-06-01',
    attachments: ['STUB/public/Images/good.jpg', 'text.jpg'],
  };

  const server = http.createServer(async (req, res) => {
    running++;
    stub.peak = Math.max(stub.peak, running);
    res.on('close', () => running--);
    const url = new URL(req.url ?? '/', 'http://stub');
    const key = url.pathname + url.search;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    // A redirect to another loopback address (refused by a test's narrowed rule).
    if (key.startsWith('/api/to-private/')) {
      res.writeHead(302, { location: `http://127.0.0.2:${url.port || new URL(stub.base).port}${key.replace('/to-private', '')}` });
      return res.end();
    }
    switch (key) {
      case `/api/news/${STUB}`:
        return json(res, [news('news1', ['STUB/public/Images/good.jpg']), { _id: 'bad1', title: 5 }, news('news2', ['missing.jpg'])]);
      case `/api/highlight/${STUB}`:
        res.writeHead(500, { 'content-type': 'application/json' });
        return res.end('{"error":"down"}');
      case `/api/topper/${STUB}`:
        await new Promise((resolve) => setTimeout(resolve, o.slowMs));
        return json(res, []);
      case `/api/PrincipalMessage/${STUB}`:
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html>maintenance</html>');
      case `/api/events/All/${STUB}`:
        if (count === 1) {
          res.writeHead(503, { 'retry-after': '1', 'content-type': 'application/json' });
          return res.end('{"error":"busy"}');
        }
        return json(res, [
          {
            _id: 'event1',
            title: 'Annual day',
            description: '',
            date: '2025-12-01',
            fromDate: null,
            location: 'Hall',
            venue: 'Hall',
            time: '10 AM',
            images: ['big.jpg'],
            attachments: [],
          },
        ]);
      case `/api/birthdays/${STUB}`:
        return json(res, [{ _id: 'bday1', name: 'Asha Verma', class: 'V A', attachments: [] }]);
      case `/api/visitor/${STUB}`:
        return json(res, [{ visitor: 1234 }]);
      case `/api/notification/${STUB}`:
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('[{"_id": "n1", "title": ');
      case `/api/gallery/all/${STUB}`:
        return json(res, [album]);
      case '/api/subGallery?id=album1':
        return json(res, { ...album, updatedOn: '2025-06-02' });
      case `/api/video/all/${STUB}`:
        return json(res, [{ _id: 'video1', title: 'Choir', date: '2025-05-01', videoUrl: 'https://video.example/1', attachments: [] }], {
          link: `</api/video/all/${STUB}?page=2>; rel="next"`,
        });
      case `/api/video/all/${STUB}?page=2`:
        return json(res, [{ _id: 'video2', title: 'Band', date: '2025-04-01', videoUrl: 'https://video.example/2', attachments: [] }]);
      case '/api/image/STUB/public/Images/good.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg', etag: '"good-1"' });
        return res.end(jpeg);
      case '/api/image/big.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end(Buffer.alloc(o.bigBytes, 1));
      case '/api/image/text.jpg':
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        return res.end('this is not a photo');
      case '/api/slow':
        await new Promise((resolve) => setTimeout(resolve, 200));
        return json(res, []);
      case `/api/events/${STUB}`:
      case `/api/gallery/${STUB}`:
        return json(res, []);
      default:
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  stub.base = `http://127.0.0.1:${address.port}/api`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
