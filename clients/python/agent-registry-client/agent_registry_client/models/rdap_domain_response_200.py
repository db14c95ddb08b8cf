from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rdap_domain_response_200_object_class_name import RdapDomainResponse200ObjectClassName
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rdap_domain_response_200_entities_item import RdapDomainResponse200EntitiesItem
    from ..models.rdap_domain_response_200_events_item import RdapDomainResponse200EventsItem
    from ..models.rdap_domain_response_200_links_item import RdapDomainResponse200LinksItem
    from ..models.rdap_domain_response_200_nameservers_item import RdapDomainResponse200NameserversItem
    from ..models.rdap_domain_response_200_notices_item import RdapDomainResponse200NoticesItem
    from ..models.rdap_domain_response_200_remarks_item import RdapDomainResponse200RemarksItem
    from ..models.rdap_domain_response_200_secure_dns import RdapDomainResponse200SecureDNS


T = TypeVar("T", bound="RdapDomainResponse200")


@_attrs_define
class RdapDomainResponse200:
    """
    Attributes:
        object_class_name (RdapDomainResponse200ObjectClassName):
        rdap_conformance (list[str]): rdapConformance: "rdap_level_0"
        handle (str): <record id>-<NAMESPACE>: a later registration of the name is another record
        ldh_name (str):
        status (list[str]): RDAP JSON values: active → ["active"]; grace → ["inactive", "server hold", "server transfer
            prohibited"]; a registrar lock adds "client transfer prohibited", "client update prohibited", "client delete
            prohibited"
        events (list[RdapDomainResponse200EventsItem]):
        entities (list[RdapDomainResponse200EntitiesItem]): The registry as registrar only: no contact data of the
            holder is published
        nameservers (list[RdapDomainResponse200NameserversItem]): The delegation once the holder enabled DNS, else empty
        secure_dns (RdapDomainResponse200SecureDNS): RFC 9083 10.2.7: once the holder enabled DNS, its signed delegation
            and the DS records it carries
        notices (list[RdapDomainResponse200NoticesItem]):
        links (list[RdapDomainResponse200LinksItem]):
        remarks (list[RdapDomainResponse200RemarksItem] | Unset): In the grace period: until when the holder may renew;
            the ERC-8004 entry, when the name has one
    """

    object_class_name: RdapDomainResponse200ObjectClassName
    rdap_conformance: list[str]
    handle: str
    ldh_name: str
    status: list[str]
    events: list[RdapDomainResponse200EventsItem]
    entities: list[RdapDomainResponse200EntitiesItem]
    nameservers: list[RdapDomainResponse200NameserversItem]
    secure_dns: RdapDomainResponse200SecureDNS
    notices: list[RdapDomainResponse200NoticesItem]
    links: list[RdapDomainResponse200LinksItem]
    remarks: list[RdapDomainResponse200RemarksItem] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        object_class_name = self.object_class_name.value

        rdap_conformance = self.rdap_conformance

        handle = self.handle

        ldh_name = self.ldh_name

        status = self.status

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.to_dict()
            events.append(events_item)

        entities = []
        for entities_item_data in self.entities:
            entities_item = entities_item_data.to_dict()
            entities.append(entities_item)

        nameservers = []
        for nameservers_item_data in self.nameservers:
            nameservers_item = nameservers_item_data.to_dict()
            nameservers.append(nameservers_item)

        secure_dns = self.secure_dns.to_dict()

        notices = []
        for notices_item_data in self.notices:
            notices_item = notices_item_data.to_dict()
            notices.append(notices_item)

        links = []
        for links_item_data in self.links:
            links_item = links_item_data.to_dict()
            links.append(links_item)

        remarks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.remarks, Unset):
            remarks = []
            for remarks_item_data in self.remarks:
                remarks_item = remarks_item_data.to_dict()
                remarks.append(remarks_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "objectClassName": object_class_name,
                "rdapConformance": rdap_conformance,
                "handle": handle,
                "ldhName": ldh_name,
                "status": status,
                "events": events,
                "entities": entities,
                "nameservers": nameservers,
                "secureDNS": secure_dns,
                "notices": notices,
                "links": links,
            }
        )
        if remarks is not UNSET:
            field_dict["remarks"] = remarks

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rdap_domain_response_200_entities_item import RdapDomainResponse200EntitiesItem  # noqa: PLC0415
        from ..models.rdap_domain_response_200_events_item import RdapDomainResponse200EventsItem  # noqa: PLC0415
        from ..models.rdap_domain_response_200_links_item import RdapDomainResponse200LinksItem  # noqa: PLC0415
        from ..models.rdap_domain_response_200_nameservers_item import RdapDomainResponse200NameserversItem  # noqa: PLC0415
        from ..models.rdap_domain_response_200_notices_item import RdapDomainResponse200NoticesItem  # noqa: PLC0415
        from ..models.rdap_domain_response_200_remarks_item import RdapDomainResponse200RemarksItem  # noqa: PLC0415
        from ..models.rdap_domain_response_200_secure_dns import RdapDomainResponse200SecureDNS  # noqa: PLC0415

        d = dict(src_dict)
        object_class_name = RdapDomainResponse200ObjectClassName(d.pop("objectClassName"))

        rdap_conformance = cast(list[str], d.pop("rdapConformance"))

        handle = d.pop("handle")

        ldh_name = d.pop("ldhName")

        status = cast(list[str], d.pop("status"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = RdapDomainResponse200EventsItem.from_dict(events_item_data)

            events.append(events_item)

        entities = []
        _entities = d.pop("entities")
        for entities_item_data in _entities:
            entities_item = RdapDomainResponse200EntitiesItem.from_dict(entities_item_data)

            entities.append(entities_item)

        nameservers = []
        _nameservers = d.pop("nameservers")
        for nameservers_item_data in _nameservers:
            nameservers_item = RdapDomainResponse200NameserversItem.from_dict(nameservers_item_data)

            nameservers.append(nameservers_item)

        secure_dns = RdapDomainResponse200SecureDNS.from_dict(d.pop("secureDNS"))

        notices = []
        _notices = d.pop("notices")
        for notices_item_data in _notices:
            notices_item = RdapDomainResponse200NoticesItem.from_dict(notices_item_data)

            notices.append(notices_item)

        links = []
        _links = d.pop("links")
        for links_item_data in _links:
            links_item = RdapDomainResponse200LinksItem.from_dict(links_item_data)

            links.append(links_item)

        _remarks = d.pop("remarks", UNSET)
        remarks: list[RdapDomainResponse200RemarksItem] | Unset = UNSET
        if _remarks is not UNSET:
            remarks = []
            for remarks_item_data in _remarks:
                remarks_item = RdapDomainResponse200RemarksItem.from_dict(remarks_item_data)

                remarks.append(remarks_item)

        rdap_domain_response_200 = cls(
            object_class_name=object_class_name,
            rdap_conformance=rdap_conformance,
            handle=handle,
            ldh_name=ldh_name,
            status=status,
            events=events,
            entities=entities,
            nameservers=nameservers,
            secure_dns=secure_dns,
            notices=notices,
            links=links,
            remarks=remarks,
        )

        return rdap_domain_response_200
