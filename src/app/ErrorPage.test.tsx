// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupDom } from '../../test/dom.ts';
import { ApiCallError } from '../api/client.ts';
import { ErrorPage, statusCodeOf } from './ErrorPage.tsx';

beforeAll(setupDom);
afterEach(() => cleanup());

function renderThrowing(error: unknown) {
  const Boom = () => {
    throw error;
  };
  const router = createMemoryRouter([{ path: '/', element: <Boom />, errorElement: <ErrorPage /> }]);
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('the error page', () => {
  it("shows 'Error Occurred' with status 500 for an unknown failure, and a way home", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderThrowing(new Error('kaboom'));
    expect(screen.getByText('Error Occurred')).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the events board' })).toHaveAttribute('href', '/');
  });

  it('shows the status and the translated code of a failed call', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderThrowing(new ApiCallError('location_offline', 503, 'offline'));
    expect(screen.getByText('503')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Booking through the site is not possible for this venue; please contact the box office',
      ),
    ).toBeInTheDocument();
  });

  it('takes the status from statusCode, status or response.status, else 500', () => {
    expect(statusCodeOf({ statusCode: 418 })).toBe(418);
    expect(statusCodeOf({ status: 502 })).toBe(502);
    expect(statusCodeOf({ response: { status: 401 } })).toBe(401);
    expect(statusCodeOf('nope')).toBe(500);
  });
});
