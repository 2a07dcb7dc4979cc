/** Headline figures (company_stats seed; the admin Stats tab will manage them). */
export interface CompanyStat {
  label: string;
  value: string;
  description?: string;
}

export const companyStats: readonly CompanyStat[] = [
  { label: 'Years driving growth', value: '20+', description: 'Senior experience across agency, client-side and consulting roles.' },
  { label: 'Industries served', value: '15+', description: 'From B2B technology and professional services to retail and hospitality.' },
  { label: 'Specialist partners', value: '5', description: 'Trusted firms and independent specialists we bring in when the work needs them.' },
  { label: 'Reply time', value: '24h', description: 'Every enquiry answered within one business day.' },
];
