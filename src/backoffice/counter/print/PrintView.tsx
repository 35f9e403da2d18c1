import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { DoneSale } from '../saleStore.ts';
import './counterPrint.css';
import { type Paper, pageRule, pxToMm } from './paper.ts';
import { ReceiptPrint } from './ReceiptPrint.tsx';
import { TicketPrint } from './TicketPrint.tsx';

/** The longest wait for the QR codes before printing all the same. */
const READY_WITHIN_MS = 3_000;

/**
 * What goes to the printer (issue 36): the sale's tickets on the chosen paper, or its receipt, in a layer
 * of its own beside the page (the print CSS hides everything else), with the page size the printer is
 * given. `onReady` is heard once the QR codes are drawn: then the browser's print dialog may open.
 */
export function PrintView({
  done,
  what,
  paper,
  onReady,
}: {
  done: DoneSale;
  what: 'tickets' | 'receipt';
  paper: Paper;
  onReady(): void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const [receiptMm, setReceiptMm] = useState(0);
  const readyRef = useRef(onReady);
  useEffect(() => {
    readyRef.current = onReady;
  });

  // The receipt's page is as long as the receipt (measured while hidden: print CSS lays it out alike).
  useLayoutEffect(() => {
    const el = root.current?.querySelector<HTMLElement>('.counter-print-receipt');
    if (what === 'receipt' && el) setReceiptMm(pxToMm(el.scrollHeight || 600));
  }, [what, done]);

  const { order } = done.sale;
  const qrShows = new Set(order.presentations.filter((p) => p.isDisplayQr).map((p) => p.id));
  const qrs = what === 'tickets' ? order.tickets.filter((tk) => qrShows.has(tk.presentationId)).length : 0;
  // Once per print view: the owner mounts a new one (a new key) for every print.
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => {
      const images = [...(root.current?.querySelectorAll('img') ?? [])];
      const drawn = images.length >= qrs && images.every((i) => i.complete);
      if (drawn || Date.now() - started > READY_WITHIN_MS) {
        clearInterval(timer);
        readyRef.current();
      }
    }, 50);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div
      ref={root}
      className="counter-print"
      data-paper={paper}
      data-print={what}
      data-testid="counter-print"
    >
      <style>{pageRule(what, paper, receiptMm)}</style>
      {what === 'tickets' ? <TicketPrint order={done.sale.order} /> : <ReceiptPrint done={done} />}
    </div>,
    document.body,
  );
}
