// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupDom } from '../../../test/dom.ts';
import { loadConfig } from '../../../server/config.ts';
import { defaultSettings } from '../../../server/settings.ts';
import { session } from '../../state/session.ts';
import { PurchaseHeader } from './PurchaseHeader.tsx';

const steps = ['choose', 'auth', 'products', 'payment', 'confirmation'];

function show(flows: ReturnType<typeof defaultSettings>['flows'], step = 'auth') {
  const settings = { ...defaultSettings(loadConfig({})), flows };
  return render(
    <MantineProvider>
      <PurchaseHeader
        settings={settings}
        flow="order_vouchers"
        steps={steps}
        step={step}
        ns="vouchers"
        notice={null}
        onDismissNotice={() => undefined}
      />
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await setupDom();
  session.locale = 'en';
});
afterEach(cleanup);

describe('PurchaseHeader', () => {
  it('shows the shop’s own title, subtitle and step names', () => {
    show({});
    expect(screen.getByTestId('flow-title')).toHaveTextContent('Vouchers and gift cards');
    expect(screen.getByTestId('step-title')).toHaveTextContent('Log in');
    expect(screen.getByText('Choose vouchers')).toBeInTheDocument();
  });

  it('takes the venue’s texts of settings.flows.order_vouchers where set', () => {
    show({
      order_vouchers: {
        title: { en: 'The gift shop', he: 'חנות המתנות' },
        subtitle: { en: 'For every occasion' },
        steps: { auth: { en: 'Who are you?' } },
      },
      // Another flow's texts are not this one's.
      order_donations: { title: { en: 'Give' } },
    });
    expect(screen.getByTestId('flow-title')).toHaveTextContent('The gift shop');
    expect(screen.getByTestId('flow-subtitle')).toHaveTextContent('For every occasion');
    expect(screen.getByTestId('step-title')).toHaveTextContent('Who are you?');
    expect(screen.getByText('Choose vouchers')).toBeInTheDocument();
  });
});
