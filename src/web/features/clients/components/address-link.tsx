import { Anchor, Text } from '@mantine/core';
import { buildMapsSearchUrl, splitAddress, type ClientLocation } from '../../../../domain/client-address';

/** The whole address on two lines (domain splitAddress), linked to a maps search in a new tab. */
export function AddressLink({ location }: { location: ClientLocation }) {
  const [first, second] = splitAddress(location);
  const url = buildMapsSearchUrl(location);
  const lines = (
    <>
      <span style={{ display: 'block' }}>{first}</span>
      {second && <span style={{ display: 'block' }}>{second}</span>}
    </>
  );
  if (!url) return <Text size="sm">{lines}</Text>;
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      title="Search the map for this address"
    >
      {lines}
    </Anchor>
  );
}
