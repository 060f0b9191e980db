import { Anchor, Box, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '../../api/public-config';
import classes from './layout.module.css';

/** Shown until the configuration arrives, and if it cannot be fetched. */
const fallbackCompanyName = 'MealRounds';

export function Footer() {
  const config = usePublicConfig();
  const companyName = config.data?.parent_company_name || fallbackCompanyName;
  const companyUrl = config.data?.parent_company_url;
  const year = new Date().getFullYear();

  return (
    <Box component="footer" className={classes.footer} px="md" py="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          © {year}{' '}
          {companyUrl ? (
            <Anchor href={companyUrl} size="sm">
              {companyName}
            </Anchor>
          ) : (
            companyName
          )}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to="/about/" size="sm">
            About
          </Anchor>
          <Anchor component={Link} to="/contact/" size="sm">
            Contact
          </Anchor>
        </Group>
      </Group>
    </Box>
  );
}
