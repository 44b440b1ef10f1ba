<?xml version="1.0" encoding="UTF-8"?>
<!-- Microsoft Channel Definition Format (CDF, Internet Explorer 4, 1997): an upper-case
     CHANNEL root with HREF and LASTMOD attributes, TITLE and ABSTRACT, a LOGO, a SCHEDULE, and
     ITEMs. Tidings refuses CDF with a warning; feedparser reads its titles, links and
     abstracts. -->
<CHANNEL HREF="https://www.example.com/index.html" BASE="https://www.example.com/" LASTMOD="2025-06-03T09:00" PRECACHE="YES" LEVEL="0">
  <TITLE>Example Active Channel</TITLE>
  <ABSTRACT>Headlines from Example, delivered to your desktop.</ABSTRACT>
  <LOGO HREF="https://www.example.com/images/logo-wide.gif" STYLE="IMAGE-WIDE"/>
  <LOGO HREF="https://www.example.com/images/icon.gif" STYLE="ICON"/>
  <SCHEDULE STARTDATE="2025-06-01">
    <INTERVALTIME DAY="1"/>
  </SCHEDULE>
  <ITEM HREF="https://www.example.com/news/fjord.html" LASTMOD="2025-06-03T09:00">
    <TITLE>New ferry route across the fjord</TITLE>
    <ABSTRACT>The route from Stavanger opens in July.</ABSTRACT>
  </ITEM>
  <ITEM HREF="https://www.example.com/news/weather.html" LASTMOD="2025-06-02T18:30">
    <TITLE>Weather: sun in Göteborg</TITLE>
    <ABSTRACT>A warm week ahead on the west coast.</ABSTRACT>
  </ITEM>
  <ITEM HREF="https://www.example.com/news/sport.html" LASTMOD="2025-06-01T21:15">
    <TITLE>Sport roundup</TITLE>
    <ABSTRACT>All the weekend's results.</ABSTRACT>
  </ITEM>
</CHANNEL>
