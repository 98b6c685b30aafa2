import { devServerArgs } from '../../../temporal/devServer/devServer';
import { searchAttributes } from '../../../workflows/searchAttributes';

const base = { binary: 'temporal', ip: '127.0.0.1', port: 7233, uiPort: 8233, namespace: 'default', log: () => {} };

describe('devServerArgs', () => {
  it('persists to the db file, serves the UI on its port and registers every search attribute as a Keyword', () => {
    const args = devServerArgs({ ...base, dbFile: '/data/temporal.db' });
    expect(args.slice(0, 2)).toEqual(['server', 'start-dev']);
    expect(args.join(' ')).toContain('--db-filename /data/temporal.db');
    expect(args.join(' ')).toContain('--port 7233');
    expect(args.join(' ')).toContain('--ui-port 8233');
    expect(args.join(' ')).toContain('--namespace default');
    for (const attribute of searchAttributes) {
      expect(args.join(' ')).toContain(`--search-attribute ${attribute.name}=Keyword`);
    }
    expect(args).not.toContain('--headless');
  });

  it('drops the UI port when headless and keeps everything in memory without a db file', () => {
    const args = devServerArgs({ ...base, headless: true });
    expect(args).toContain('--headless');
    expect(args).not.toContain('--ui-port');
    expect(args).not.toContain('--db-filename');
  });
});
