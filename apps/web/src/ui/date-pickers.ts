// The month and weekday names of the pickers in Portuguese (DatesProvider in main.tsx asks for 'pt-br'): registered
// with dayjs here, with the pickers, so that dayjs loads with the first screen that shows one, not with the app.
import 'dayjs/locale/pt-br';

export { DatePicker, DatePickerInput, MonthPickerInput } from '@mantine/dates';
