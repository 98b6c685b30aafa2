import { z } from 'zod';
import { openExampleAsset } from '../staticFiles';
import { defineOperation } from '../../../operations/defineOperation';

export const getExampleAsset = defineOperation({
  name: 'get_example_asset',
  method: 'GET',
  path: '/example/assets/{file}',
  access: 'public',
  tag: 'Example app',
  summary: "A script or stylesheet of the example app's page",
  input: {
    params: z.object({ file: z.string().min(1).max(200).describe('the asset file name, as the page links it') }),
  },
  output: z
    .object({
      contentType: z.string().describe('the media type of the file'),
      headers: z.record(z.string(), z.string()).describe('Cache-Control: file names change with their content'),
      body: z.custom<AsyncIterable<Buffer>>().describe('the file'),
    })
    .describe('the file'),
  response: 'stream',
  produces: 'application/octet-stream',
  handler: async (ctx, { params }) => {
    const asset = openExampleAsset(params.file);
    return { ...asset, headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } };
  },
});
