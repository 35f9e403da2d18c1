import { Alert, Box, Button, Center, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StaffMe } from '../../api/contract/staff.ts';
import { paths } from '../../routing/paths.ts';
import { errorText } from '../../ui/errorText.ts';
import { LanguageSwitcher } from '../../ui/LanguageSwitcher.tsx';
import { SetPassword } from '../SetPassword.tsx';
import { StaffLogin, useStaffMe } from '../StaffLogin.tsx';
import { TOUCH_PX } from '../ui/touch.ts';
import { DoorApp } from './DoorApp.tsx';
import { armFeedback } from './feedback.ts';

/**
 * /door (issue 37): the ushers' page, a phone's whole screen held in one hand. Staff log in here as in
 * the staff area; the door role, managers and admins then set up the door and scan (DoorApp); the box
 * office's role is told the page is not theirs.
 */
export default function DoorPage() {
  const { t } = useTranslation();
  const { loading, error, staff, setMe, logout } = useStaffMe();
  const title = t('door.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => armFeedback(), []);

  return (
    <Box mih="100dvh" bg="gray.0" data-testid="door-page">
      <Box
        component="header"
        bg="white"
        px="sm"
        py={4}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs" maw={720} mx="auto">
          <div>
            <Title order={1} fz="lg" lh={1.2}>
              {title}
            </Title>
            {staff ? (
              <Text fz="xs" c="dimmed" data-testid="door-who">
                {staff.displayName}
              </Text>
            ) : null}
          </div>
          <Group gap={6} wrap="nowrap">
            <LanguageSwitcher />
            {staff ? (
              <Button
                variant="default"
                mih={TOUCH_PX}
                onClick={() => void logout()}
                data-testid="door-logout"
              >
                {t('door.logout')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Box>
      <Container size={720} px="sm" py="sm" component="main">
        {loading ? (
          <Skeleton height={240} radius="md" aria-busy="true" />
        ) : error ? (
          <Alert color="red" data-testid="door-error">
            {errorText(t, error)}
          </Alert>
        ) : !staff ? (
          <Center>
            <StaffLogin onLogin={setMe} />
          </Center>
        ) : (
          <ForStaff staff={staff} onPassword={setMe} />
        )}
      </Container>
    </Box>
  );
}

function ForStaff({ staff, onPassword }: { staff: StaffMe; onPassword(me: StaffMe): void }) {
  const { t } = useTranslation();
  if (staff.mustChangePassword) return <SetPassword onDone={onPassword} />;
  if (staff.role === 'box_office')
    return (
      <Alert color="orange" title={t('door.notForRole.title')} data-testid="door-not-for-role">
        <Stack gap="sm" align="flex-start">
          <Text>{t('door.notForRole.body')}</Text>
          <Button component={Link} to={paths.staff.replace('/*', '')} mih={TOUCH_PX}>
            {t('door.notForRole.toStaff')}
          </Button>
        </Stack>
      </Alert>
    );
  return <DoorApp manager={staff.role === 'manager' || staff.role === 'admin'} />;
}
