import { Fragment } from 'react';

/**
 * An IP address that never breaks inside a number (issue 39, item 24: '127.0.0 / .1' in a narrow column): an IPv4
 * address stays on one line, an IPv6 one may only wrap after a colon.
 */
export function IpAddress({ ip }: { ip: string }) {
  const groups = ip.split(':');
  return (
    <span className="tabular-nums [overflow-wrap:normal] [word-break:keep-all]" translate="no">
      {groups.map((group, index) => (
        <Fragment key={index}>
          {index > 0 ? (
            <>
              :<wbr />
            </>
          ) : null}
          <span className="whitespace-nowrap">{group}</span>
        </Fragment>
      ))}
    </span>
  );
}
