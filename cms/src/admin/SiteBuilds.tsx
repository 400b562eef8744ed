import { useCallback, useEffect, useState } from 'react';
import { Layouts, Page, useAuth } from '@strapi/strapi/admin';
import { Box, Button, Flex, Typography } from '@strapi/design-system';

/** The portal that builds the site (STRAPI_ADMIN_PORTAL_URL when the admin panel is built). */
const PORTAL_URL = (process.env.STRAPI_ADMIN_PORTAL_URL || 'http://localhost:8000').replace(/\/+$/, '');

interface BuildRecord {
  id: number;
  trigger: string;
  startedAt: string;
  finishedAt?: string;
  ok?: boolean;
  error?: string;
}
interface BuildStatus {
  state: 'idle' | 'building';
  queued: boolean;
  current?: BuildRecord;
  last?: BuildRecord;
  lastSuccess?: BuildRecord;
}

const time = (iso?: string) => (iso ? new Date(iso).toLocaleString() : '–');
const seconds = (record: BuildRecord) =>
  record.finishedAt ? `${Math.round((Date.parse(record.finishedAt) - Date.parse(record.startedAt)) / 1000)} s` : '';

/** What editors see of the site builds: the one running, the last one and its error, and a button to build now. */
export default function SiteBuilds() {
  const token = useAuth('SiteBuilds', (auth) => auth.token);
  const [status, setStatus] = useState<BuildStatus | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const call = useCallback(
    async (method: 'GET' | 'POST') => {
      try {
        const response = await fetch(`${PORTAL_URL}/portal-service/site-builds`, { method, headers: { authorization: `Bearer ${token}` } });
        const body = await response.json();
        if (!response.ok) throw new Error(body.message || `The portal answered ${response.status}`);
        setStatus(body as BuildStatus);
        setProblem(null);
      } catch (error) {
        setProblem(error instanceof Error ? error.message : String(error));
      }
    },
    [token],
  );

  useEffect(() => {
    void call('GET');
    const timer = window.setInterval(() => void call('GET'), 5000);
    return () => window.clearInterval(timer);
  }, [call]);

  return (
    <Page.Main>
      <Page.Title>Site builds</Page.Title>
      <Layouts.Header
        title="Site builds"
        subtitle="Publishing, unpublishing or deleting content rebuilds the portal; the new version goes live when its build succeeds."
        primaryAction={
          <Button onClick={() => void call('POST')} disabled={!status}>
            Build now
          </Button>
        }
      />
      <Layouts.Content>
        <Box background="neutral0" padding={6} shadow="filterShadow" hasRadius>
          <Flex direction="column" alignItems="stretch" gap={3} role="status">
            {problem && <Typography textColor="danger600">The build state could not be read: {problem}</Typography>}
            {status && (
              <>
                <Typography variant="delta">
                  {status.state === 'building'
                    ? `Building since ${time(status.current?.startedAt)} (${status.current?.trigger})${status.queued ? '; another build will follow' : ''}`
                    : 'No build running'}
                </Typography>
                {status.last && (
                  <Typography>
                    Last build: {time(status.last.finishedAt)}, {status.last.ok ? 'published' : 'failed, the live site is unchanged'} ({seconds(status.last)},{' '}
                    {status.last.trigger})
                  </Typography>
                )}
                {status.lastSuccess && status.lastSuccess.id !== status.last?.id && <Typography>Live since {time(status.lastSuccess.finishedAt)}</Typography>}
                {status.last?.error && (
                  <Box padding={3} background="danger100" hasRadius>
                    <Typography tag="pre" style={{ whiteSpace: 'pre-wrap', maxHeight: '20rem', overflow: 'auto' }}>
                      {status.last.error}
                    </Typography>
                  </Box>
                )}
              </>
            )}
          </Flex>
        </Box>
      </Layouts.Content>
    </Page.Main>
  );
}
