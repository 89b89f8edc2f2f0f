import type { TravelWeather } from '@agromet/contracts';

/** The chart of the coming hours: temperature as a line (left axis), 3 h precipitation as bars (right axis). */
export function travelWeatherOption(
  w: TravelWeather,
  labels: { temperature: string; precipitation: string; time: (iso: string) => string },
) {
  const times = w.hours.map((h) => labels.time(h.validTime));
  return {
    animation: false,
    grid: { left: 40, right: 40, top: 28, bottom: 28 },
    legend: { top: 0, data: [labels.temperature, labels.precipitation] },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: times, axisLabel: { interval: Math.max(0, Math.ceil(times.length / 6) - 1) } },
    yAxis: [
      { type: 'value', name: '°C', scale: true },
      { type: 'value', name: 'mm', min: 0, splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.temperature,
        type: 'line',
        yAxisIndex: 0,
        smooth: true,
        itemStyle: { color: '#d9480f' },
        data: w.hours.map((h) => h.temperature),
      },
      {
        name: labels.precipitation,
        type: 'bar',
        yAxisIndex: 1,
        itemStyle: { color: '#1c7ed6' },
        data: w.hours.map((h) => h.precipitation),
      },
    ],
  };
}
