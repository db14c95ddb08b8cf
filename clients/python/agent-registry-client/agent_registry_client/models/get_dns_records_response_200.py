from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.get_dns_records_response_200_status import GetDnsRecordsResponse200Status
from ..models.get_dns_records_response_200_sync import GetDnsRecordsResponse200Sync

if TYPE_CHECKING:
    from ..models.get_dns_records_response_200_agent_records_item import GetDnsRecordsResponse200AgentRecordsItem
    from ..models.get_dns_records_response_200_records_item import GetDnsRecordsResponse200RecordsItem


T = TypeVar("T", bound="GetDnsRecordsResponse200")


@_attrs_define
class GetDnsRecordsResponse200:
    """
    Attributes:
        status (GetDnsRecordsResponse200Status):
        domain (str):
        dns_enabled (bool): Whether the delegation from the namespace zone is published (enable_dns)
        nameservers (list[str]):
        sync (GetDnsRecordsResponse200Sync): published: PowerDNS holds the latest records; pending: the push is on its
            way
        records (list[GetDnsRecordsResponse200RecordsItem]): The owner’s records; the manifest TXT pointers are added at
            the apex
        manifest_pointers (list[str]): TXT values published at the apex of every active name
        agent_records (list[GetDnsRecordsResponse200AgentRecordsItem]): Agent discovery records the registry writes from
            the profile (docs/discovery.md "In the name's zone"): DNS-AID SVCB for the mcp and a2a endpoints, ENSIP-26 TXT;
            change the profile to change them
    """

    status: GetDnsRecordsResponse200Status
    domain: str
    dns_enabled: bool
    nameservers: list[str]
    sync: GetDnsRecordsResponse200Sync
    records: list[GetDnsRecordsResponse200RecordsItem]
    manifest_pointers: list[str]
    agent_records: list[GetDnsRecordsResponse200AgentRecordsItem]

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        domain = self.domain

        dns_enabled = self.dns_enabled

        nameservers = self.nameservers

        sync = self.sync.value

        records = []
        for records_item_data in self.records:
            records_item = records_item_data.to_dict()
            records.append(records_item)

        manifest_pointers = self.manifest_pointers

        agent_records = []
        for agent_records_item_data in self.agent_records:
            agent_records_item = agent_records_item_data.to_dict()
            agent_records.append(agent_records_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "domain": domain,
                "dns_enabled": dns_enabled,
                "nameservers": nameservers,
                "sync": sync,
                "records": records,
                "manifest_pointers": manifest_pointers,
                "agent_records": agent_records,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.get_dns_records_response_200_agent_records_item import GetDnsRecordsResponse200AgentRecordsItem  # noqa: PLC0415
        from ..models.get_dns_records_response_200_records_item import GetDnsRecordsResponse200RecordsItem  # noqa: PLC0415

        d = dict(src_dict)
        status = GetDnsRecordsResponse200Status(d.pop("status"))

        domain = d.pop("domain")

        dns_enabled = d.pop("dns_enabled")

        nameservers = cast(list[str], d.pop("nameservers"))

        sync = GetDnsRecordsResponse200Sync(d.pop("sync"))

        records = []
        _records = d.pop("records")
        for records_item_data in _records:
            records_item = GetDnsRecordsResponse200RecordsItem.from_dict(records_item_data)

            records.append(records_item)

        manifest_pointers = cast(list[str], d.pop("manifest_pointers"))

        agent_records = []
        _agent_records = d.pop("agent_records")
        for agent_records_item_data in _agent_records:
            agent_records_item = GetDnsRecordsResponse200AgentRecordsItem.from_dict(agent_records_item_data)

            agent_records.append(agent_records_item)

        get_dns_records_response_200 = cls(
            status=status,
            domain=domain,
            dns_enabled=dns_enabled,
            nameservers=nameservers,
            sync=sync,
            records=records,
            manifest_pointers=manifest_pointers,
            agent_records=agent_records,
        )

        return get_dns_records_response_200
