import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBRL } from '../../../lib/format';
import type { RevenuePoint } from './revenue-series';

/** The revenue bar chart (recharts, loaded only inside the Creator Hub's analytics tab). */
export default function RevenueChart({ data, seriesName }: { data: RevenuePoint[]; seriesName: string }) {
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#27272a" vertical={false} />
        <XAxis dataKey="label" stroke="#a1a1aa" fontSize={12} tickLine={false} />
        <YAxis
          stroke="#a1a1aa"
          fontSize={12}
          tickLine={false}
          width={56}
          tickFormatter={(v: number) => `R$${v}`}
        />
        <Tooltip
          cursor={{ fill: 'rgba(139,92,246,0.1)' }}
          contentStyle={{ background: '#18181b', border: '1px solid #3f3f46', borderRadius: 8 }}
          formatter={(value) => [formatBRL(Number(value)), seriesName]}
        />
        <Bar dataKey="revenue" name={seriesName} fill="#8b5cf6" radius={[6, 6, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
