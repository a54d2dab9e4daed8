/** The field plant over MQTT (issue 56): the scenario lives in bench/field-mqtt.ts. */
export { default } from '../field-mqtt.ts';
