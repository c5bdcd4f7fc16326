export default function Favourites() {
  return null;
}
