import { useQuery } from '@tanstack/react-query';
import type { LeadSource } from '../types';
import { fetchLeadSources } from './customer-api';
import { leadSourceKeys } from './query-keys';

const NO_SOURCES: LeadSource[] = [];

/** The lead sources (客户来源) offered by the form and the advanced search. */
export function useLeadSources() {
  const sources = useQuery({ queryKey: leadSourceKeys.all(), queryFn: fetchLeadSources });
  return { sources: sources.data ?? NO_SOURCES, loading: sources.isPending };
}
