import { z } from 'zod';
import { readExamplePage } from '../staticFiles';
import { defineOperation } from '../../../operations/defineOperation';

export const getExamplePage = defineOperation({
  name: 'get_example_page',
  method: 'GET',
  path: '/example/',
  access: 'public',
  tag: 'Example app',
  summary: 'The example app: the React agent panel embedded in a page (svc-hr start)',
  description:
    'A demo of @svc-hr/client: pick a demo user, and the page talks to the agent with a delegated credential ' +
    'that create_example_session minted for them. On with `svc-hr start`; SVC_HR_EXAMPLE_APP turns it on or off.',
  input: {},
  output: z.string().describe('the page'),
  response: 'html',
  handler: async () => {
    return readExamplePage();
  },
});
